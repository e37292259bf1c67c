import CheckCircleIcon from 'plain-icon:CheckCircle';

/** A plan's Persian feature lines, each with a tick. */
export function PlanFeatures({ features, label }: { features: string[]; label: string }) {
  if (features.length === 0) return null;
  return (
    <ul aria-label={label} className="p-features">
      {features.map((f) => (
        <li key={f}>
          <CheckCircleIcon aria-hidden="true" />
          {f}
        </li>
      ))}
    </ul>
  );
}
