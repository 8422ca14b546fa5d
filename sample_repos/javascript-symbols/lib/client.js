'use strict'

const kConnect = Symbol('connect')
const kSend = Symbol('send')
const kOnData = Symbol('onData')

class Client {
  constructor (onData) {
    // a field named by a symbol: what it holds is known only when the client is made
    this[kOnData] = onData
  }

  // methods named by symbols: `this[kSend](...)` reaches the class's method so named
  [kConnect] () {
    return this[kSend]('hello')
  }

  [kSend] (data) {
    return data
  }

  open () {
    return this[kConnect]()
  }

  receive (data) {
    return this[kOnData](data)
  }
}

module.exports = Client
