import { createInterface } from 'node:readline/promises';

/** Asks a yes/no question on the terminal; anything but "y"/"yes" is a no. */
export async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes)$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}
