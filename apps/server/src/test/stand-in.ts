// The shape every stand-in server of the test kit shares (the BigBlueButton server in bbb-server.ts, the browser
// push service in push-service.ts, and the next one, e.g. guacd): a stand-in is an outside service written to
// its published protocol, on a loopback port, started by the test and closed by it. To add one, copy
// bbb-server.ts: a `start…(options)` function that listens on port 0 and resolves to an object that
// extends `StandIn<TheRequestRecord>`, plus what the tests need to steer it (answers, failures, state).

/** One stand-in server, as its start function resolves it. */
export interface StandIn<Request> {
  /** where the app reaches it, as an admin would enter it (http://127.0.0.1:<port>/…) */
  url: string;
  /** every request it received, oldest first, as the stand-in records them */
  requests: readonly Request[];
  /** stops listening and ends open connections; the test's afterAll/finally calls it */
  close(): Promise<void>;
}

/** How a stand-in starts: on a free loopback port, with options that all have defaults. */
export type StartStandIn<Options, Server extends StandIn<unknown>> = (options?: Options) => Promise<Server>;
