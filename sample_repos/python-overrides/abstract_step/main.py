from tasks import Backup, Cleanup

print(Backup().run(), Cleanup().run())
