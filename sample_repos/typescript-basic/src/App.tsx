import { User, open } from "./lib";
import * as lib from "./lib/index";
import build, { Service } from "./service";

interface Props {
  user: User;
  service: Service;
}

const consoleLogger = {
  log(message: string): void {
    console.log(message);
  },
};

export function Greeting(props: Props) {
  const text = props.service.show(props.user.id);
  return <p title={text}>{props.user.describe()}</p>;
}

export function App() {
  const service: Service = build(consoleLogger);
  const user = new User("u1");
  open().find(user.id);
  lib.defaultRepo().find("u2");
  consoleLogger.log(user.label());
  return <Greeting user={user} service={service} />;
}
