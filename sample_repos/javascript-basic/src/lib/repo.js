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
}

export function connect(url) {
  return new Repo(url);
}
