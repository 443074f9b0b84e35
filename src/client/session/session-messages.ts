/** Texts of SPEC §2 and §4 that the shell shows itself. */
export const submittedMessage = 'Your application was successfully submitted.';
export const inactivityMessage = 'You have been automatically logged out due to inactivity.';
/** The server's SERVICE_TOKEN_INVALID text, for a link whose token is empty. */
export const staffLinkInvalidMessage = 'This staff link is not valid. Please ask for a new link.';
