import type { SVGProps } from 'react';
import { Icon } from './icon';

export const ThumbUpIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3z" />
    <path d="M7 10l4-7a2.5 2.5 0 0 1 2.5 2.9L13 10h5.6a2 2 0 0 1 2 2.4l-1.5 7a2 2 0 0 1-2 1.6H7" />
  </Icon>
);
