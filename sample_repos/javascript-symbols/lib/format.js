'use strict'

function format (obj) {
  return '[' + obj + ']'
}

module.exports = { format }
