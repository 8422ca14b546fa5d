module example.com/tool

go 1.22

require example.com/lib v0.0.0
