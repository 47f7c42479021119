import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface RowActionProps {
  /** The button's accessible name and tooltip, e.g. 'Edit' or 'Delete'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  /**
   * Why the action is not allowed (e.g. 'View only'). The button stays in place and focusable
   * with aria-disabled, so the reason shows as its tooltip on hover and on keyboard focus
   * (a native disabled button gets neither).
   */
  disabledReason?: string;
  /** The button, e.g. to give the focus back to it after an inline editor closes. */
  ref?: Ref<HTMLButtonElement>;
}

/** An icon button of a table row, with its label as a tooltip. */
export function RowAction({ label, icon, onClick, color, disabledReason, ref }: RowActionProps) {
  const disabled = disabledReason !== undefined;
  return (
    <Tooltip label={disabled ? disabledReason : label} withArrow openDelay={200}>
      <ActionIcon
        ref={ref}
        variant="subtle"
        color={color}
        aria-label={label}
        aria-disabled={disabled || undefined}
        data-disabled={disabled || undefined}
        onClick={(event) => {
          if (disabled) {
            event.preventDefault();
            return;
          }
          onClick();
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
