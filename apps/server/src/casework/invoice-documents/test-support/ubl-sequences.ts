/**
 * The UBL 2.1 schema's sequences (OASIS UBL 2.1, maindoc UBL-Invoice-2.1.xsd, UBL-CreditNote-2.1.xsd and
 * UBL-CommonAggregateComponents-2.1.xsd), for every aggregate the EHF builder writes: the child elements
 * in the order the schema allows them, by local name. Elements the builder never writes are kept, so the
 * table can be read against the schema line by line. Only the test reads it (build-ehf-order.test.ts).
 */
// prettier-ignore
export const ublSequences: Record<string, readonly string[]> = {
  Invoice: [
    'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator', 'UUID',
    'IssueDate', 'IssueTime', 'DueDate', 'InvoiceTypeCode', 'Note', 'TaxPointDate', 'DocumentCurrencyCode', 'TaxCurrencyCode',
    'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode', 'AccountingCostCode', 'AccountingCost',
    'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'OrderReference', 'BillingReference', 'DespatchDocumentReference',
    'ReceiptDocumentReference', 'StatementDocumentReference', 'OriginatorDocumentReference', 'ContractDocumentReference',
    'AdditionalDocumentReference', 'ProjectReference', 'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty',
    'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms',
    'PaymentMeans', 'PaymentTerms', 'PrepaidPayment', 'AllowanceCharge', 'TaxExchangeRate', 'PricingExchangeRate',
    'PaymentExchangeRate', 'PaymentAlternativeExchangeRate', 'TaxTotal', 'WithholdingTaxTotal', 'LegalMonetaryTotal', 'InvoiceLine',
  ],
  CreditNote: [
    'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator', 'UUID',
    'IssueDate', 'IssueTime', 'TaxPointDate', 'CreditNoteTypeCode', 'Note', 'DocumentCurrencyCode', 'TaxCurrencyCode',
    'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode', 'AccountingCostCode', 'AccountingCost',
    'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'DiscrepancyResponse', 'OrderReference', 'BillingReference',
    'DespatchDocumentReference', 'ReceiptDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference',
    'StatementDocumentReference', 'OriginatorDocumentReference', 'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty',
    'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms',
    'PaymentMeans', 'PaymentTerms', 'TaxExchangeRate', 'PricingExchangeRate', 'PaymentExchangeRate',
    'PaymentAlternativeExchangeRate', 'AllowanceCharge', 'TaxTotal', 'LegalMonetaryTotal', 'CreditNoteLine',
  ],
  // PeriodType
  InvoicePeriod: ['StartDate', 'StartTime', 'EndDate', 'EndTime', 'DurationMeasure', 'DescriptionCode', 'Description'],
  BillingReference: [
    'InvoiceDocumentReference', 'SelfBilledInvoiceDocumentReference', 'CreditNoteDocumentReference',
    'SelfBilledCreditNoteDocumentReference', 'DebitNoteDocumentReference', 'ReminderDocumentReference',
    'AdditionalDocumentReference', 'BillingReferenceLine',
  ],
  // DocumentReferenceType
  InvoiceDocumentReference: [
    'ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'DocumentTypeCode', 'DocumentType', 'XPath', 'LanguageID',
    'LocaleCode', 'VersionID', 'DocumentStatusCode', 'DocumentDescription', 'Attachment', 'ValidityPeriod', 'IssuerParty',
    'ResultOfVerification',
  ],
  AccountingSupplierParty: [
    'CustomerAssignedAccountID', 'AdditionalAccountID', 'DataSendingCapability', 'Party', 'DespatchContact', 'AccountingContact',
    'SellerContact',
  ],
  AccountingCustomerParty: [
    'CustomerAssignedAccountID', 'SupplierAssignedAccountID', 'AdditionalAccountID', 'Party', 'DeliveryContact',
    'AccountingContact', 'BuyerContact',
  ],
  Party: [
    'MarkCareIndicator', 'MarkAttentionIndicator', 'WebsiteURI', 'LogoReferenceID', 'EndpointID', 'IndustryClassificationCode',
    'PartyIdentification', 'PartyName', 'Language', 'PostalAddress', 'PhysicalLocation', 'PartyTaxScheme', 'PartyLegalEntity',
    'Contact', 'Person', 'AgentParty', 'ServiceProviderParty', 'PowerOfAttorney', 'FinancialAccount',
  ],
  PartyName: ['Name'],
  // AddressType
  PostalAddress: [
    'ID', 'AddressTypeCode', 'AddressFormatCode', 'Postbox', 'Floor', 'Room', 'StreetName', 'AdditionalStreetName', 'BlockName',
    'BuildingName', 'BuildingNumber', 'InhouseMail', 'Department', 'MarkAttention', 'MarkCare', 'PlotIdentification',
    'CitySubdivisionName', 'CityName', 'PostalZone', 'CountrySubentity', 'CountrySubentityCode', 'Region', 'District',
    'TimezoneOffset', 'AddressLine', 'Country', 'LocationCoordinate',
  ],
  Country: ['IdentificationCode', 'Name'],
  PartyTaxScheme: ['RegistrationName', 'CompanyID', 'TaxLevelCode', 'ExemptionReasonCode', 'ExemptionReason', 'RegistrationAddress', 'TaxScheme'],
  TaxScheme: ['ID', 'Name', 'TaxTypeCode', 'CurrencyCode', 'JurisdictionRegionAddress'],
  PartyLegalEntity: [
    'RegistrationName', 'CompanyID', 'RegistrationDate', 'RegistrationExpirationDate', 'CompanyLegalFormCode', 'CompanyLegalForm',
    'SoleProprietorshipIndicator', 'CompanyLiquidationStatusCode', 'CorporateStockAmount', 'FullyPaidSharesIndicator',
    'RegistrationAddress', 'CorporateRegistrationScheme', 'HeadOfficeParty', 'ShareholderParty',
  ],
  Contact: ['ID', 'Name', 'Telephone', 'Telefax', 'ElectronicMail', 'Note', 'OtherCommunication'],
  PaymentMeans: [
    'ID', 'PaymentMeansCode', 'PaymentDueDate', 'PaymentChannelCode', 'InstructionID', 'InstructionNote', 'PaymentID',
    'CardAccount', 'PayerFinancialAccount', 'PayeeFinancialAccount', 'CreditAccount', 'PaymentMandate', 'TradeFinancing',
  ],
  // FinancialAccountType
  PayeeFinancialAccount: [
    'ID', 'Name', 'AliasName', 'AccountTypeCode', 'AccountFormatCode', 'CurrencyCode', 'PaymentNote', 'FinancialInstitutionBranch',
    'Country',
  ],
  PaymentTerms: [
    'ID', 'PaymentMeansID', 'PrepaidPaymentReferenceID', 'Note', 'ReferenceEventCode', 'SettlementDiscountPercent',
    'PenaltySurchargePercent', 'PaymentPercent', 'Amount', 'SettlementDiscountAmount', 'PenaltyAmount', 'PaymentTermsDetailsURI',
    'PaymentDueDate', 'InstallmentDueDate', 'InvoicingPartyReference', 'SettlementPeriod', 'PenaltyPeriod', 'ExchangeRate',
    'ValidityPeriod',
  ],
  TaxTotal: ['TaxAmount', 'RoundingAmount', 'TaxEvidenceIndicator', 'TaxIncludedIndicator', 'TaxSubtotal'],
  TaxSubtotal: [
    'TaxableAmount', 'TaxAmount', 'CalculationSequenceNumeric', 'TransactionCurrencyTaxAmount', 'Percent', 'BaseUnitMeasure',
    'PerUnitAmount', 'TierRange', 'TierRatePercent', 'TaxCategory',
  ],
  // TaxCategoryType (also ClassifiedTaxCategory)
  TaxCategory: [
    'ID', 'Name', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TaxExemptionReasonCode', 'TaxExemptionReason', 'TierRange',
    'TierRatePercent', 'TaxScheme',
  ],
  // MonetaryTotalType
  LegalMonetaryTotal: [
    'LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount',
    'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount', 'PayableAlternativeAmount',
  ],
  InvoiceLine: [
    'ID', 'UUID', 'Note', 'InvoicedQuantity', 'LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost',
    'PaymentPurposeCode', 'FreeOfChargeIndicator', 'InvoicePeriod', 'OrderLineReference', 'DespatchLineReference',
    'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference', 'OriginatorParty', 'Delivery',
    'PaymentTerms', 'AllowanceCharge', 'TaxTotal', 'WithholdingTaxTotal', 'Item', 'Price', 'DeliveryTerms', 'SubInvoiceLine',
    'ItemPriceExtension',
  ],
  CreditNoteLine: [
    'ID', 'UUID', 'Note', 'CreditedQuantity', 'LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost',
    'PaymentPurposeCode', 'FreeOfChargeIndicator', 'InvoicePeriod', 'OrderLineReference', 'DiscrepancyResponse',
    'DespatchLineReference', 'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference',
    'OriginatorParty', 'Delivery', 'TaxTotal', 'AllowanceCharge', 'Item', 'Price', 'DeliveryTerms', 'SubCreditNoteLine',
    'ItemPriceExtension',
  ],
  Item: [
    'Description', 'PackQuantity', 'PackSizeNumeric', 'CatalogueIndicator', 'Name', 'HazardousRiskIndicator',
    'AdditionalInformation', 'Keyword', 'BrandName', 'ModelName', 'BuyersItemIdentification', 'SellersItemIdentification',
    'ManufacturersItemIdentification', 'StandardItemIdentification', 'CatalogueItemIdentification',
    'AdditionalItemIdentification', 'CatalogueDocumentReference', 'ItemSpecificationDocumentReference', 'OriginCountry',
    'CommodityClassification', 'TransactionConditions', 'HazardousItem', 'ClassifiedTaxCategory', 'AdditionalItemProperty',
    'ManufacturerParty', 'InformationContentProviderParty', 'OriginAddress', 'ItemInstance', 'Certificate', 'Dimension',
  ],
  // ItemIdentificationType
  SellersItemIdentification: ['ID', 'ExtendedID', 'BarcodeSymbologyID', 'PhysicalAttribute', 'MeasurementDimension', 'IssuerParty'],
  Price: [
    'PriceAmount', 'BaseQuantity', 'PriceChangeReason', 'PriceTypeCode', 'PriceType', 'OrderableUnitFactorRate', 'ValidityPeriod',
    'PriceList', 'AllowanceCharge', 'PricingExchangeRate',
  ],
};
ublSequences.ClassifiedTaxCategory = ublSequences.TaxCategory!;
