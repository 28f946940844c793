import { CompanyNotFound } from '@/ui/company/NotFound';

export default CompanyNotFound;
