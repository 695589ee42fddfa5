/**
 * The spec's comma-separated `starringActors` and `directors` of a movie from its credits (billing
 * order) and the people they name; null when there are none.
 */
export function summarizeCredits(credits: readonly { job: string; name: string | undefined }[]): { starringActors: string | null; directors: string | null } {
  const names = (job: string) => {
    const list = credits
      .filter((c) => c.job === job)
      .map((c) => c.name)
      .filter((n): n is string => !!n);
    return list.length ? list.join(', ') : null;
  };
  return { starringActors: names('Actor'), directors: names('Director') };
}
