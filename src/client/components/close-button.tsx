interface CloseButtonProps {
  className: string;
  onClick: () => void;
}

/** The × that closes a toast, a dialog or the account popover; "Close" to assistive technology. */
export function CloseButton({ className, onClick }: CloseButtonProps) {
  return (
    <button type="button" className={className} aria-label="Close" onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
