import { Repo, openRepo } from "./repo";
import type { Entity } from "./models";

export class Service {
  constructor(
    private repo: Repo,
    private logger: Logger,
  ) {}

  show(id: string): string {
    const user = this.repo.find(id);
    this.logger.log(user.describe());
    return this.render(user);
  }

  render(entity: Entity): string {
    Metrics.count("render");
    return entity.describe();
  }

  reload = (id: string): string => {
    return this.show(id);
  };
}

// A private (`#`) field's declared type steers calls as a field's does.
export class Audit {
  #repo: Repo;

  constructor(repo: Repo) {
    this.#repo = repo;
  }

  check(id: string): boolean {
    return this.#repo.find(id) !== undefined;
  }
}

export function reloadFirst(service: Service): string {
  return service.reload("1");
}

export function makeService(logger: Logger): Service {
  return new Service(openRepo(), logger);
}

export default makeService;
