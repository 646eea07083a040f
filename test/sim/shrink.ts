export async function shrinkSteps(_seed: number, _scratch: string, _trace: string[]): Promise<number | null> {
  return null;
}
