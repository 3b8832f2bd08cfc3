import { getAccountBusiness, getBusinessIndustries, updateBusiness } from './business';

export const companyEndpoints = [getAccountBusiness, getBusinessIndustries, updateBusiness];
