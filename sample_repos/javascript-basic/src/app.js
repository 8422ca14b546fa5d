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

const api = {
  start() {
    new Service().run(1);
    new Service().rerun(2);
  },
};
api.start();
