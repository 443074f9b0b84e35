// jest-dom's matchers (toBeInTheDocument, toHaveTextContent, toHaveFocus...) on vitest's expect,
// so a test names what it checks instead of asserting that a query returned something.
import '@testing-library/jest-dom/vitest';
