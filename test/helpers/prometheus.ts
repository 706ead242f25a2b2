import parsePrometheusTextFormat from 'parse-prometheus-text-format';

// The exposition text Prometheus scrapes, read back with a parser of its own (not the server's
// library): each family's declared type, and every sample with its labels and value.

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** The TYPE each family declares, as the parser reads it: COUNTER, GAUGE, HISTOGRAM... */
  types: Map<string, string>;
  helps: Map<string, string>;
  /** Every sample of a name (a histogram's are `<name>_bucket`, `<name>_sum` and `<name>_count`). */
  samples(name: string): Sample[];
  /** The sum of the samples of `name` whose labels include `labels`; 0 when none does. */
  total(name: string, labels?: Record<string, string>): number;
}

/**
 * parse-prometheus-text-format 1.1 folds the series of a histogram with labels into one, losing
 * their labels, sums and counts (yunyu/parse-prometheus-text-format#13): the types are read from
 * the text as sent, the samples from the text with histograms declared untyped, which the parser
 * reads line by line, `_bucket`, `_sum` and `_count` each a family with its labels.
 */
export function parseScrape(text: string): Scrape {
  const declared = parsePrometheusTextFormat(text);
  const asLines = parsePrometheusTextFormat(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'));
  const byName = new Map<string, Sample[]>();
  for (const family of asLines) {
    const samples = family.metrics.map((sample) => ({ labels: sample.labels ?? {}, value: Number(sample.value) }));
    byName.set(family.name, [...(byName.get(family.name) ?? []), ...samples]);
  }
  const samples = (name: string) => byName.get(name) ?? [];
  return {
    types: new Map(declared.map((family) => [family.name, family.type])),
    helps: new Map(declared.map((family) => [family.name, family.help])),
    samples,
    total: (name, labels = {}) =>
      samples(name)
        .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
        .reduce((sum, sample) => sum + sample.value, 0),
  };
}
