/** The route a signed-in student lands on, and where unknown paths go (SPEC §2). */
export const defaultFormRoute = '/about';

export const loginRoute = '/login';
