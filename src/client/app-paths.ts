/** The route a signed-in student lands on, and where unknown paths go (SPEC §2). */
export const defaultFormRoute = '/about';

export const loginRoute = '/login';

/** The page a submitted applicant always sees (SPEC §2). */
export const completionRoute = '/completion';
