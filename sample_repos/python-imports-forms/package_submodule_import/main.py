from pkg import run

print(run())
