import type { ReactNode, SVGProps } from 'react';

export type PlainIconProps = Omit<SVGProps<SVGSVGElement>, 'fontSize' | 'ref'> & {
  /** MUI's sizes: small 20 px, medium 24 px, large 35 px, or the text's own. */
  fontSize?: 'small' | 'medium' | 'large' | 'inherit';
  /** Read out instead of hidden from screen readers. */
  titleAccess?: string;
};

/**
 * A Material icon as a plain `<svg>` with classes from theme/shell.css, for the shell and public
 * screens, which load none of MUI's code (docs/decisions/0010). `import XIcon from
 * 'plain-icon:X'` gives MUI's icon `X` drawn by this (build/plain-icons.ts); same markup, sizes
 * and test id as MUI's `SvgIcon`, without `sx` or `color`: style it with a class.
 */
export function createPlainIcon(path: ReactNode, name: string) {
  function PlainIcon({ fontSize = 'medium', titleAccess, className, ...rest }: PlainIconProps) {
    const classes = ['p-icon', fontSize === 'medium' ? null : `p-icon-${fontSize}`, className].filter(Boolean).join(' ');
    return (
      <svg
        className={classes}
        focusable="false"
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? 'img' : undefined}
        viewBox="0 0 24 24"
        data-testid={`${name}Icon`}
        {...rest}
      >
        {path}
        {titleAccess ? <title>{titleAccess}</title> : null}
      </svg>
    );
  }
  PlainIcon.displayName = `${name}Icon`;
  return PlainIcon;
}
