import type { SVGProps } from 'react';
import { Icon } from './icon';

export const ChevronUpDownIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="m7 9 5-5 5 5" />
    <path d="m7 15 5 5 5-5" />
  </Icon>
);
