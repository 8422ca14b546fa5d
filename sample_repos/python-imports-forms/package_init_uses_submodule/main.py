from pkg import report, run

print(run())
print(report())
