import { Title, type TitleProps } from '@mantine/core';
import type { Ref } from 'react';
import classes from './flow.module.css';

/**
 * A step's heading (h1 unless told otherwise) that can take focus from script: give it
 * `ref={flow.headingRef}` and useCodeFlow moves focus here whenever the step changes.
 */
export function StepHeading({ ref, order = 1, ...props }: TitleProps & { ref?: Ref<HTMLHeadingElement> }) {
  return <Title ref={ref} order={order} tabIndex={-1} className={classes.heading} {...props} />;
}
