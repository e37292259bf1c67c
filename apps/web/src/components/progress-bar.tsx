/**
 * An indeterminate progress bar (MUI's LinearProgress look, classes in theme/plain.css), for
 * the shell and screens that load no MUI code. `fixed` pins it across the top of the window.
 */
export function ProgressBar({ label, fixed = false, testId }: { label: string; fixed?: boolean; testId?: string }) {
  return (
    <span role="progressbar" aria-label={label} data-testid={testId} className={fixed ? 'p-progress p-progress--fixed' : 'p-progress'}>
      <span className="p-progress__bar" />
    </span>
  );
}
