"""Wake-up latency of an unrelated process: sleeps 1 ms in a loop and prints, every 2 s, how late
the wake-ups came (p50, p99, max, and how many were over 10 ms late). Usage: wake.py SECONDS"""
import sys
import time

end = time.time() + float(sys.argv[1])
late, since = [], time.time()
while time.time() < end:
    start = time.perf_counter()
    time.sleep(0.001)
    late.append((time.perf_counter() - start - 0.001) * 1000)
    if time.time() - since >= 2:
        late.sort()
        n = len(late)
        print(time.strftime("%H:%M:%S"), "n %d p50 %.2f p99 %.2f max %.1f over10 %d"
              % (n, late[n // 2], late[int(n * .99)], late[-1], sum(1 for x in late if x > 10)), flush=True)
        late, since = [], time.time()
