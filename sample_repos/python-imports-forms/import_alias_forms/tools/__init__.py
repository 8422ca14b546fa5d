"""Small utility package.

The submodules are imported explicitly by callers;
nothing is re-exported here.
"""
