# perf script -s callchains.py: per sample, its tid, time and the ips of
# the callchain that perf hands to Python scripts (sample["callchain"]).
from __future__ import print_function


def process_event(param_dict):
    sample = param_dict["sample"]
    ips = ["%x" % frame["ip"] for frame in param_dict.get("callchain", [])]
    print(sample["tid"], sample["time"], *ips)
