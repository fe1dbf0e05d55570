import A11yModel
