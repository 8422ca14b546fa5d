export class Repo {
  constructor(url) {
    this.url = url;
  }
  find(id) {
    return this.load(id);
  }
  load(id) {
    return fetch(this.url + id);
  }
  reopened() {
    return new Repo(this.url);
  }
}

// A private (`#`) field holds what the constructor assigns it, as any field does.
export class Mirror {
  #source;
  constructor(url) {
    this.#source = new Repo(url);
  }
  copy(id) {
    return this.#source.load(id);
  }
}

export function connect(url) {
  return new Repo(url);
}

// `repo = repo.reopened()`: the value is read before the name is bound again, so its
// `repo` is the earlier one; below it, the new one.
export function refresh(url) {
  let repo = connect(url);
  repo = repo.reopened();
  return repo.find(1);
}
