import { connect, Repo } from "./lib";
import * as util from "./lib/util";
const legacy = require("./lib/util");

class Service {
  constructor() {
    this.repo = connect("db://");
  }
  run(id) {
    const found = this.repo.find(id);
    util.helper(found);
    legacy.helper(found);
    return this.finish(found);
  }
  finish(x) {
    console.log(x);
    return new Repo("x");
  }
  rerun = (id) => {
    return this.run(id);
  };
}

function once(fn) {
  let done = false;
  return (arg) => (done ? undefined : ((done = true), fn(arg)));
}

// `report` is the arrow `once` is given: calling report runs its body
const report = once((found) => util.helper(found));
const ids = [1, 2].map((id) => legacy.helper(id)); // an array: no function

const api = {
  start() {
    new Service().run(1);
    new Service().rerun(2);
    report(ids);
  },
};
api.start();
