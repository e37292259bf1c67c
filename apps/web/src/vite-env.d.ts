/** Icons from build/plain-icons.ts: MUI's Material icons drawn without MUI's code. */
declare module 'plain-icon:*' {
  // A wildcard module is declared in a script file (no top-level imports), so its types are
  // referred to inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const Icon: (props: import('./components/plain-icon').PlainIconProps) => import('react').JSX.Element;
  export default Icon;
}
