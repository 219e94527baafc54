// The umbrella module: `import PayPhone` brings in every area of the library.
@_exported public import PayPhoneCards
@_exported public import PayPhoneCore
@_exported public import PayPhoneMasks
@_exported public import PayPhoneNumbers
@_exported public import PayPhoneText
