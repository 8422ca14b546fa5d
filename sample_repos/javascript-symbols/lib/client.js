'use strict'

const kConnect = Symbol('connect')
const kSend = Symbol('send')

class Client {
  // methods named by symbols: `this[kSend](...)` reaches the one method so named
  [kConnect] () {
    return this[kSend]('hello')
  }

  [kSend] (data) {
    return data
  }

  open () {
    return this[kConnect]()
  }
}

module.exports = Client
