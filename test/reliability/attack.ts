// One attack of the `attacks` run (attacks.ts): it tries what an attacker (or a mistake) could
// do and answers whether the app refused it. Each area keeps its attacks in its own file
// (attacks-accounts.ts, attacks-watch.ts) as an array of these.
export interface Attack {
  name: string;
  run(ctx: { tempDir: string }): Promise<{ refused: boolean; detail: string }>;
}
