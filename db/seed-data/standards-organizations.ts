// Real standards bodies offered in the standard search's organisation filter
// (spec: "organization list of about 70 entries"). `code` is what users type
// and what catalog standards reference; `name` is the body's English name.

export type StandardsOrganization = {
  code: string;
  name: string;
  country: string;
};

export const standardsOrganizations: StandardsOrganization[] = [
  // International
  { code: "ISO", name: "International Organization for Standardization", country: "International" },
  { code: "IEC", name: "International Electrotechnical Commission", country: "International" },
  { code: "ISO/IEC JTC 1", name: "ISO/IEC Joint Technical Committee 1 — Information Technology", country: "International" },
  { code: "ITU", name: "International Telecommunication Union", country: "International" },
  { code: "CIE", name: "International Commission on Illumination", country: "International" },
  { code: "IAEA", name: "International Atomic Energy Agency", country: "International" },
  { code: "OIML", name: "International Organization of Legal Metrology", country: "International" },
  { code: "CODEX", name: "Codex Alimentarius Commission (FAO/WHO)", country: "International" },
  { code: "ICAO", name: "International Civil Aviation Organization", country: "International" },

  // United States
  { code: "ANSI", name: "American National Standards Institute", country: "United States" },
  { code: "ASTM", name: "ASTM International", country: "United States" },
  { code: "ASME", name: "American Society of Mechanical Engineers", country: "United States" },
  { code: "IEEE", name: "Institute of Electrical and Electronics Engineers", country: "United States" },
  { code: "API", name: "American Petroleum Institute", country: "United States" },
  { code: "SAE", name: "SAE International", country: "United States" },
  { code: "AWS", name: "American Welding Society", country: "United States" },
  { code: "NFPA", name: "National Fire Protection Association", country: "United States" },
  { code: "UL", name: "UL Standards & Engagement (Underwriters Laboratories)", country: "United States" },
  { code: "ASHRAE", name: "American Society of Heating, Refrigerating and Air-Conditioning Engineers", country: "United States" },
  { code: "AASHTO", name: "American Association of State Highway and Transportation Officials", country: "United States" },
  { code: "ACI", name: "American Concrete Institute", country: "United States" },
  { code: "AGMA", name: "American Gear Manufacturers Association", country: "United States" },
  { code: "AISC", name: "American Institute of Steel Construction", country: "United States" },
  { code: "AIAA", name: "American Institute of Aeronautics and Astronautics", country: "United States" },
  { code: "ASQ", name: "American Society for Quality", country: "United States" },
  { code: "AWWA", name: "American Water Works Association", country: "United States" },
  { code: "NACE", name: "AMPP — Association for Materials Protection and Performance (formerly NACE International)", country: "United States" },
  { code: "NEMA", name: "National Electrical Manufacturers Association", country: "United States" },
  { code: "TIA", name: "Telecommunications Industry Association", country: "United States" },
  { code: "IPC", name: "IPC — Association Connecting Electronics Industries", country: "United States" },
  { code: "JEDEC", name: "JEDEC Solid State Technology Association", country: "United States" },
  { code: "MSS", name: "Manufacturers Standardization Society of the Valve and Fittings Industry", country: "United States" },
  { code: "ISA", name: "International Society of Automation", country: "United States" },
  { code: "ICC", name: "International Code Council", country: "United States" },
  { code: "IAPMO", name: "International Association of Plumbing and Mechanical Officials", country: "United States" },
  { code: "ASSE", name: "ASSE International (American Society of Sanitary Engineering)", country: "United States" },
  { code: "ANS", name: "American Nuclear Society", country: "United States" },
  { code: "IES", name: "Illuminating Engineering Society", country: "United States" },
  { code: "NIST", name: "National Institute of Standards and Technology", country: "United States" },
  { code: "MIL-STD", name: "United States Department of Defense — Military Standards", country: "United States" },
  { code: "FED-STD", name: "U.S. General Services Administration — Federal Standards", country: "United States" },
  { code: "NASA", name: "National Aeronautics and Space Administration — Technical Standards", country: "United States" },
  { code: "ARINC", name: "ARINC Industry Activities (SAE Industry Technologies Consortia)", country: "United States" },
  { code: "RTCA", name: "RTCA, Inc. (Radio Technical Commission for Aeronautics)", country: "United States" },
  { code: "EIA", name: "Electronic Industries Alliance", country: "United States" },
  { code: "IEST", name: "Institute of Environmental Sciences and Technology", country: "United States" },
  { code: "ABS", name: "American Bureau of Shipping", country: "United States" },
  { code: "AMCA", name: "Air Movement and Control Association International", country: "United States" },

  // Canada
  { code: "CSA", name: "CSA Group (Canadian Standards Association)", country: "Canada" },
  { code: "CGSB", name: "Canadian General Standards Board", country: "Canada" },

  // Europe (regional)
  { code: "CEN", name: "European Committee for Standardization (EN standards)", country: "Europe" },
  { code: "CENELEC", name: "European Committee for Electrotechnical Standardization", country: "Europe" },
  { code: "ETSI", name: "European Telecommunications Standards Institute", country: "Europe" },
  { code: "ECSS", name: "European Cooperation for Space Standardization", country: "Europe" },

  // European national bodies
  { code: "BSI", name: "British Standards Institution", country: "United Kingdom" },
  { code: "LR", name: "Lloyd's Register", country: "United Kingdom" },
  { code: "DIN", name: "Deutsches Institut für Normung (German Institute for Standardization)", country: "Germany" },
  { code: "VDI", name: "Verein Deutscher Ingenieure (Association of German Engineers)", country: "Germany" },
  { code: "VDE", name: "VDE Association for Electrical, Electronic & Information Technologies", country: "Germany" },
  { code: "AFNOR", name: "Association Française de Normalisation (NF standards)", country: "France" },
  { code: "UNI", name: "Ente Italiano di Normazione (Italian Standards Body)", country: "Italy" },
  { code: "UNE", name: "Asociación Española de Normalización (Spanish Standards Body)", country: "Spain" },
  { code: "NEN", name: "Royal Netherlands Standardization Institute", country: "Netherlands" },
  { code: "ÖNORM", name: "Austrian Standards International", country: "Austria" },
  { code: "SN", name: "Swiss Association for Standardization (SNV)", country: "Switzerland" },
  { code: "SIS", name: "Swedish Institute for Standards", country: "Sweden" },
  { code: "DS", name: "Danish Standards Foundation", country: "Denmark" },
  { code: "SFS", name: "Finnish Standards Association", country: "Finland" },
  { code: "NS", name: "Standards Norway", country: "Norway" },
  { code: "NORSOK", name: "NORSOK Standards (Norwegian petroleum industry, issued by Standards Norway)", country: "Norway" },
  { code: "DNV", name: "DNV (Det Norske Veritas)", country: "Norway" },
  { code: "GOST", name: "Euro-Asian Council for Standardization, Metrology and Certification (GOST)", country: "Russia" },

  // Asia, Oceania, Africa, South America
  { code: "JIS", name: "Japanese Industrial Standards Committee", country: "Japan" },
  { code: "KS", name: "Korean Agency for Technology and Standards (Korean Industrial Standards)", country: "South Korea" },
  { code: "GB", name: "Standardization Administration of China (Guobiao standards)", country: "China" },
  { code: "BIS", name: "Bureau of Indian Standards (IS standards)", country: "India" },
  { code: "AS/NZS", name: "Standards Australia / Standards New Zealand", country: "Australia and New Zealand" },
  { code: "SANS", name: "South African Bureau of Standards (SANS standards)", country: "South Africa" },
  { code: "ABNT", name: "Associação Brasileira de Normas Técnicas (Brazilian Standards)", country: "Brazil" },
];
