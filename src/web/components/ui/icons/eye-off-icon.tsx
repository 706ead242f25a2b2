import type { SVGProps } from 'react';
import { Icon } from './icon';

export const EyeOffIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c5.5 0 9 5 9 7a9.9 9.9 0 0 1-2.4 3.4" />
    <path d="M6.6 6.6C4.3 8 3 10.6 3 12c0 2 3.5 7 9 7a9.6 9.6 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    <path d="m3 3 18 18" />
  </Icon>
);
