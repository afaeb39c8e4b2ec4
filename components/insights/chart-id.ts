/** A trend chart's element id on /insights, which a numbered trend statement links to. */
export const chartId = (key: string) => `trend-chart-${key}`;
