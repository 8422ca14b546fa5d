from alpha.text import shout
