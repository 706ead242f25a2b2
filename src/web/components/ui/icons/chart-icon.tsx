import type { SVGProps } from 'react';
import { Icon } from './icon';

export const ChartIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M3 21h18" />
    <rect x="5" y="11" width="3" height="7" rx="0.5" />
    <rect x="10.5" y="6" width="3" height="12" rx="0.5" />
    <rect x="16" y="13" width="3" height="5" rx="0.5" />
  </Icon>
);
