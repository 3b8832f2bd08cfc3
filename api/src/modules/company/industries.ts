/**
 * The industries a business may choose. A fixed list with fixed ids (so a stored choice
 * survives a deploy), kept in code: it changes with the product, not with the data.
 */
export const INDUSTRIES: ReadonlyArray<{ id: string; name: string }> = [
  { id: '89d094d7-485e-4827-a435-8ce1125f6d2a', name: 'Dental' },
  { id: '94c7e91b-8560-4cb6-8209-ab656233ce26', name: 'Medical clinic' },
  { id: '8be6a2c0-6bb3-4f21-94c1-5c2b2a3be73b', name: 'Real estate' },
  { id: '3af1da34-d7ed-4419-b7b7-daad7e04414f', name: 'Legal services' },
  { id: 'e07a1206-a188-4bce-b100-0e77d5b23028', name: 'Home services' },
  { id: 'e981b50a-73ee-48a6-8350-d34e09629bde', name: 'Automotive' },
  { id: '1095109b-975c-4ce9-ba61-4aee7ba76afb', name: 'Restaurant' },
  { id: 'f721e14d-c19d-4ed5-8445-407d54ead583', name: 'Beauty and wellness' },
  { id: '13677bef-f144-4e41-9c31-4d37f07764d9', name: 'Insurance' },
  { id: '89e7ab67-204a-4dfe-9bf9-4c89955bcfe7', name: 'Financial services' },
  { id: '1c3ed84d-5265-4587-ad8b-1b1c11c20dc7', name: 'Education' },
  { id: '96231fb8-c3e9-4e4b-bfc9-84b057d86c2e', name: 'Retail' },
  { id: '5b21285a-2ce9-46a6-a194-5ae36dd87961', name: 'Hospitality' },
  { id: '2862485d-221b-4f9b-94c9-5d5f9d95e5a8', name: 'Fitness' },
  { id: '0654efe0-f197-4943-ad07-0e0faea8e44a', name: 'Veterinary' },
  { id: 'f743724d-ad29-4d9f-ae45-1be506b26e66', name: 'Other' },
];

export const isIndustry = (id: string) => INDUSTRIES.some((i) => i.id === id);
