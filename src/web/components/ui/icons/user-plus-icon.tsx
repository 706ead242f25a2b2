import type { SVGProps } from 'react';
import { Icon } from './icon';

export const UserPlusIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-3.9 3.1-7 7-7s7 3.1 7 7" />
    <path d="M19 8v6M16 11h6" />
  </Icon>
);
