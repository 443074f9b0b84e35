/**
 * US states (with the District of Columbia, the inhabited territories and the armed-forces
 * codes) and Canadian provinces and territories, by postal abbreviation.
 */
const usTable = `
AL Alabama
AK Alaska
AZ Arizona
AR Arkansas
CA California
CO Colorado
CT Connecticut
DE Delaware
DC District of Columbia
FL Florida
GA Georgia
HI Hawaii
ID Idaho
IL Illinois
IN Indiana
IA Iowa
KS Kansas
KY Kentucky
LA Louisiana
ME Maine
MD Maryland
MA Massachusetts
MI Michigan
MN Minnesota
MS Mississippi
MO Missouri
MT Montana
NE Nebraska
NV Nevada
NH New Hampshire
NJ New Jersey
NM New Mexico
NY New York
NC North Carolina
ND North Dakota
OH Ohio
OK Oklahoma
OR Oregon
PA Pennsylvania
RI Rhode Island
SC South Carolina
SD South Dakota
TN Tennessee
TX Texas
UT Utah
VT Vermont
VA Virginia
WA Washington
WV West Virginia
WI Wisconsin
WY Wyoming
AS American Samoa
GU Guam
MP Northern Mariana Islands
PR Puerto Rico
VI U.S. Virgin Islands
AA Armed Forces Americas
AE Armed Forces Europe
AP Armed Forces Pacific
`;

const canadaTable = `
AB Alberta
BC British Columbia
MB Manitoba
NB New Brunswick
NL Newfoundland and Labrador
NS Nova Scotia
ON Ontario
PE Prince Edward Island
QC Quebec
SK Saskatchewan
NT Northwest Territories
NU Nunavut
YT Yukon
`;

const parse = (table: string): ReadonlyArray<readonly [string, string]> =>
  table
    .trim()
    .split('\n')
    .map((line) => [line.slice(0, 2), line.slice(3)] as const);

/** [code, name] pairs of US states, DC, territories and armed-forces codes. */
export const usStates = parse(usTable);

/** [code, name] pairs of the Canadian provinces and territories. */
export const canadianProvinces = parse(canadaTable);
