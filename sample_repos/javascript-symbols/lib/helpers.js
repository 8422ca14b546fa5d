'use strict'

const helpers = {
  close (stream) {
    stream.ended = true
    return stream
  }
}

module.exports = helpers
