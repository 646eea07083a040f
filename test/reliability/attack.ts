// One attack of the reliability run `attacks` (issue 27): it tries what a compromised page or
// a hostile local setup would, against a real core, and says whether Vidlift refused it.
// Each area exports an array of these from its own file (attacks-<area>.ts).
export interface Attack {
  name: string;
  run(ctx: { tempDir: string }): Promise<{ refused: boolean; detail: string }>;
}
