/** A result outside the lab's range: "Low" or "High". */
export function FlagBadge({ flag }: { flag: 'Low' | 'High' }) {
  return <span className="ml-2 rounded-full border border-warning-200 bg-warning-50 px-2 py-0.5 text-xs font-medium text-warning-800">{flag}</span>;
}
