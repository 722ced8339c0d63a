import { useQuery } from '@tanstack/react-query';
import { allCasesQueryOptions } from '@/api/cases';

/** Every case the signed-in user may see (a client: their own), as rows. */
export const useMyCases = () => useQuery({ ...allCasesQueryOptions(), select: (answer) => answer.data });
