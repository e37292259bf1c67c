/** Icons from build/plain-icons.ts: MUI's Material icons drawn without MUI's code. */
declare module 'plain-icon:*' {
  const Icon: (props: import('./components/plain-icon').PlainIconProps) => import('react').JSX.Element;
  export default Icon;
}
